export {useContractForm, type ContractForm, type ContractFormOptions} from './use-contract-form';
export {default as FormSubmit} from './form-submit';
