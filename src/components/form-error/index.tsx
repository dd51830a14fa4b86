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

/**
 * The error banner above a form (data-testid="form-error"); renders nothing without children. `id` lets the fields
 * it speaks for point at it (aria-describedby); useContractForm's `errorProps` gives both.
 */
export function FormError({
  errorRef,
  id,
  className = form.notice,
  children,
}: {
  errorRef: Ref<HTMLDivElement>;
  id?: string;
  className?: string;
  children: ReactNode;
}): ReactNode {
  if (!children) return null;
  return (
    <Notice variant="error" ref={errorRef} id={id} className={className} data-testid="form-error">
      {children}
    </Notice>
  );
}
