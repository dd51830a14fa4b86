import {createContext} from 'react';

/**
 * What a code block's Copy button copies when it differs from what the block shows: the snippet with the
 * reader's whole key, where the block shows it masked. Null: copy what is shown.
 */
export const CopyTextContext = createContext<string | null>(null);
