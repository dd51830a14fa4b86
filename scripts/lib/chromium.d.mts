export function chromiumPath(): string;
export function hasChromium(): boolean;
export const CHROMIUM_FLAGS: readonly string[];
