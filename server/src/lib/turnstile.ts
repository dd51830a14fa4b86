// Cloudflare Turnstile check. Without TURNSTILE_SECRET_KEY the server accepts exactly the
// placeholder the portal sends (Cloudflare's published dummy token), so local runs need no network.
export const TURNSTILE_PLACEHOLDER = 'XXXX.DUMMY.TOKEN.XXXX';
const VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export async function verifyTurnstile(
  secret: string | undefined,
  token: string,
  remoteIp: string,
  verifyUrl = VERIFY_URL,
): Promise<boolean> {
  if (!secret) return token === TURNSTILE_PLACEHOLDER;
  try {
    // Cloudflare down or slow counts as a failed check: fail closed, after 5 s at most.
    const response = await fetch(verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    const result = (await response.json()) as { success?: boolean };
    return result.success === true;
  } catch {
    return false;
  }
}
