export {useContractForm, type ContractForm, type ContractFormOptions} from './use-contract-form';
export {useDialogForm} from './use-dialog-form';
export {default as FormSubmit} from './form-submit';
export {default as ContractFormElement} from './contract-form-element';
