/**
 * A list of records as a table that also reads on a phone: column headers (th scope=col), each cell
 * labelled with its column's header (data-label) so table.responsive stacks a row into labelled
 * lines at 375 px, and the empty state when there are no rows. `expansion` adds a row under a
 * record spanning all columns (details the record's own row opens, e.g. with an aria-expanded button).
 */
import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { Empty } from './states';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: ReadonlyArray<Column<T> | false>;
  rowKey: (row: T) => string;
  empty: ReactNode;
  caption?: string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  /** Content of a full-width row under the record, or undefined for none. */
  expansion?: (row: T) => ReactNode | undefined;
}

export function DataTable<T>({ rows, columns, rowKey, empty, caption, rowProps, expansion }: DataTableProps<T>) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return (
    <div className="table-wrap">
      <table className="responsive">
        {caption && <caption className="muted">{caption}</caption>}
        <thead>
          <tr>{shown.map((column) => <th key={column.header} scope="col">{column.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const extra = expansion?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr {...rowProps?.(row)}>
                  {shown.map((column) => <td key={column.header} data-label={column.header} className={column.className}>{column.cell(row)}</td>)}
                </tr>
                {extra !== undefined && (
                  <tr className="expansion">
                    <td colSpan={shown.length}>{extra}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
