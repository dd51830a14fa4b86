// Parses a raw RFC 822 message into the parts tests look at.
import PostalMime from 'postal-mime';

export async function simpleParser(raw: Buffer | string) {
  const parsed = await PostalMime.parse(raw);
  return {
    subject: parsed.subject ?? '',
    to: parsed.to?.map((a) => ('address' in a ? a.address : '')).join(',') ?? '',
    text: parsed.text ?? '',
    html: parsed.html ?? '',
  };
}
