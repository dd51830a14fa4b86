import {useEffect, useRef, useState, type ReactNode, type Ref} from 'react';
import Notice from '@site/src/components/notice';
import form from '@site/src/components/auth-layout/form.module.css';

/** The auth forms' form-level error: its state, and focus moved to it whenever a new one is shown. */
export function useFormError<T>() {
  const [error, setError] = useState<T | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  return {error, setError, errorRef};
}

/** The error banner above an auth form (data-testid="form-error"); renders nothing without children. */
export function FormError({errorRef, children}: {errorRef: Ref<HTMLDivElement>; children: ReactNode}): ReactNode {
  if (!children) return null;
  return (
    <Notice variant="error" ref={errorRef} className={form.notice} data-testid="form-error">
      {children}
    </Notice>
  );
}
