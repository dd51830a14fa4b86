import type {OpenApiDocument} from '../src/components/api-reference/openapi';
export const OUTPUT: string;
/** The OpenAPI document of the API, as GET /api/openapi.json serves it (built in-process, no database). */
export function openapiDocument(): Promise<OpenApiDocument>;
export function writeOpenapi(output?: string): Promise<{output: string; operations: number}>;
