import type {ReactNode, Ref} from 'react';
import Notice from '@site/src/components/notice';
import form from '@site/src/components/auth-layout/form.module.css';

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
