import {apiClient} from '@site/src/lib/api-client';
import type {ProfileBody, UserResponse} from '@intakekit/contract/schemas/auth';

/** PATCH /api/auth/profile with the trimmed name. */
export function updateProfile(name: string): Promise<UserResponse> {
  const body: ProfileBody = {name: name.trim()};
  return apiClient.patch<UserResponse>('/api/auth/profile', body);
}
