import type {ReactNode} from 'react';
import {Cell, TableWithHeader} from '@site/src/components/data-table';
import type {Parameter} from './openapi';
import {constraints, typeLabel, type Field} from './schema-rows';
import styles from './tables.module.css';

function Required({required}: {required: boolean}): ReactNode {
  return required ? (
    <span className={styles.required}>Required</span>
  ) : (
    <span className={styles.optional}>Optional</span>
  );
}

export const NONE = <span aria-label="None">-</span>;

/** The reference's tables: a caption for screen readers, column headers, and rows that stack on small screens. */
export function Table({
  caption,
  columns,
  children,
}: {
  caption: ReactNode;
  columns: string[];
  children: ReactNode;
}): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <TableWithHeader className={styles.table} caption={caption} columns={columns}>
        {children}
      </TableWithHeader>
    </div>
  );
}

/** A row's first cell; `label` names the column when the rows stack (data-label, see tables.module.css). */
export function RowHeader({label, className, children}: {label: string; className?: string; children: ReactNode}) {
  return (
    <th scope="row" role="rowheader" className={className} data-label={label}>
      {children}
    </th>
  );
}

export function FieldTable({fields, caption}: {fields: Field[]; caption: string}): ReactNode {
  return (
    <Table caption={caption} columns={['Field', 'Type', 'Required', 'Constraints']}>
      {fields.map((field) => (
        <tr role="row" key={field.name}>
          <RowHeader label="Field" className={styles.fieldName}>
            <code>{field.name}</code>
          </RowHeader>
          <Cell label="Type">
            <code className={styles.type}>{field.type}</code>
          </Cell>
          <Cell label="Required">
            <Required required={field.required} />
          </Cell>
          <Cell label="Constraints" className={styles.constraints}>
            {field.constraints.length > 0 ? field.constraints.join('; ') : NONE}
            {field.description && <div>{field.description}</div>}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}

export function ParameterTable({parameters, caption}: {parameters: Parameter[]; caption: string}): ReactNode {
  return (
    <Table caption={caption} columns={['Parameter', 'In', 'Type', 'Required']}>
      {parameters.map((parameter) => {
        const rules = constraints(parameter.schema);
        return (
          <tr role="row" key={`${parameter.in}-${parameter.name}`}>
            <RowHeader label="Parameter" className={styles.fieldName}>
              <code>{parameter.name}</code>
            </RowHeader>
            <Cell label="In">{parameter.in}</Cell>
            <Cell label="Type">
              <code className={styles.type}>{typeLabel(parameter.schema)}</code>
              {rules.length > 0 && <div className={styles.constraints}>{rules.join('; ')}</div>}
              {(parameter.description ?? parameter.schema?.description) && (
                <div className={styles.constraints}>{parameter.description ?? parameter.schema?.description}</div>
              )}
            </Cell>
            <Cell label="Required">
              <Required required={Boolean(parameter.required)} />
            </Cell>
          </tr>
        );
      })}
    </Table>
  );
}
