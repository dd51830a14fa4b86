import {apiClient} from '@site/src/lib/api-client';
import type {User} from '@site/src/stores/auth-store';

/** PATCH /api/auth/profile with the trimmed name. */
export function updateProfile(name: string): Promise<{user: User}> {
  return apiClient.patch<{user: User}>('/api/auth/profile', {name: name.trim()});
}
