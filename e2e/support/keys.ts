import {apiCall, users, type TestUser} from '../fixtures';

/** A new sandbox key of `user`'s, made through the API as 'Create Sandbox Key' does; the key in full. */
export async function sandboxKey(user: TestUser): Promise<string> {
  const {apiKey} = await apiCall<{apiKey: string}>('POST', '/api/keys/sandbox', undefined, await users.token(user));
  return apiKey;
}
