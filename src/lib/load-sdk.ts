/**
 * The demo loads the script-tag SDK (`window.IntakeKit`) with the SDK package's own loader: once per page,
 * stylesheet included, and a failed load is forgotten so "Try again" loads it afresh.
 */
export {
  loadIntakeKit as loadSdk,
  type Answers,
  type IntakeKitGlobal,
  type IntakeKitHandle,
} from '@intakekit/sdk/loader';
