/** The Flows page shows one flow at `/flows?flow=<id>` (the site is static: one page, the flow in the query). */
export const FLOWS_PAGE = '/flows';

export const flowPageHref = (flowId: string): string => `${FLOWS_PAGE}?flow=${encodeURIComponent(flowId)}`;
