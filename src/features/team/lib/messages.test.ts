import {describe, expect, it} from 'vitest';
import {ApiError} from '@site/src/lib/api-client';
import {actionFailure, FAILED, transferFailure} from './messages';

const refusal = (status: number, code: string, message?: string) =>
  new ApiError({status, code, message: message ?? code, body: {error: {code, ...(message ? {message} : {})}}});

describe('team action failures', () => {
  it("shows the server's reason for a refusal", () => {
    expect(actionFailure(refusal(403, 'FORBIDDEN', 'You do not have permission to do this.'), FAILED.remove)).toBe(
      'You do not have permission to do this.',
    );
    expect(
      actionFailure(
        refusal(403, 'OWNER_MUST_TRANSFER', 'Transfer ownership to another member before leaving the team.'),
        'x',
      ),
    ).toBe('Transfer ownership to another member before leaving the team.');
  });

  it('falls back to the action name when the server said nothing, and to the network message offline', () => {
    expect(actionFailure(refusal(500, 'SERVER_ERROR'), FAILED.remove)).toBe('Failed to remove member');
    expect(
      actionFailure(new ApiError({status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch'}), FAILED.remove),
    ).toBe('Network error. Please check your connection.');
    expect(actionFailure(new Error('boom'), FAILED.remove)).toBe('Failed to remove member');
  });

  it("shows the server's reason in the transfer dialog, and its own fallback for a failure", () => {
    const wrong = 'That is not your current password. Please try again.';
    expect(transferFailure(refusal(400, 'INVALID_CURRENT_PASSWORD', wrong))).toBe(wrong);
    expect(transferFailure(refusal(404, 'NOT_FOUND', 'Not found.'))).toBe('Not found.');
    expect(transferFailure(refusal(500, 'SERVER_ERROR'))).toBe('Failed to transfer ownership');
  });
});
