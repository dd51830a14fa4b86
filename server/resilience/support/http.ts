// HTTP over loopback with a tally of every answer, so a test can state how many requests it made
// and prove that none of them failed with a 5xx or a broken connection.
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export class HttpTally {
  requests = 0;
  readonly byStatus = new Map<number, number>();
  /** 5xx answers, with what was asked. */
  readonly serverErrors: string[] = [];
  /** Requests that got no answer (connection refused or reset), with what was asked. */
  readonly unanswered: string[] = [];

  constructor(public baseUrl: string) {}

  async send<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: {token?: string; body?: unknown; headers?: Record<string, string>} = {},
  ): Promise<Answer<T>> {
    this.requests++;
    const headers: Record<string, string> = {...options.headers};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(this.baseUrl + path, {
        method,
        headers,
        ...(options.body !== undefined && {body: JSON.stringify(options.body)}),
      });
    } catch (error) {
      this.unanswered.push(`${method} ${path}: ${String(error)}`);
      throw error;
    }
    const text = await response.text();
    this.byStatus.set(response.status, (this.byStatus.get(response.status) ?? 0) + 1);
    if (response.status >= 500) this.serverErrors.push(`${method} ${path}: ${response.status} ${text}`);
    return {status: response.status, body: (text ? JSON.parse(text) : null) as T};
  }

  /** e.g. "201×200 200×450 404×12" */
  statusSummary(): string {
    return [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  }
}
