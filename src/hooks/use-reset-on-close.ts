import {useEffect} from 'react';

/** A dialog's form opens clean every time: its values and its refusal are reset once the dialog closes. */
export function useResetOnClose(open: boolean, reset: () => void): void {
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
}
