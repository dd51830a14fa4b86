import type {KeyType} from '@intakekit/contract/api-keys';

/** An endpoint's environment in words. */
export const ENVIRONMENT_LABELS: Readonly<Record<KeyType, string>> = {sandbox: 'Sandbox', production: 'Production'};
