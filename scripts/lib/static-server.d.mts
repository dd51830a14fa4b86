import type {Server} from 'node:http';
export function parseHeadersFile(text: string): Array<{pattern: string; headers: Array<[string, string]>}>;
export function serveStatic(options: {dir: string; port: number; host: string}): Promise<Server>;
