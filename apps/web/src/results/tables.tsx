import { parseCsv } from './csv';
import { cellText, columnsOf, type RecordList } from './shapes';

const maxRows = 500;

/** A list of records as a table: the most telling columns first, nested values summarised. */
export function RecordTable({ list, note }: { list: RecordList; note?: string | undefined }) {
  const columns = columnsOf(list.rows);
  const rows = list.rows.slice(0, maxRows);
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>
          {list.rows.length} {list.rows.length === 1 ? 'row' : 'rows'}
          {list.key ? ` from ${list.key}` : ''}
          {list.rows.length > maxRows ? `, first ${maxRows} shown` : ''}
          {note ? ` · ${note}` : ''}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no guaranteed id and never reorder
            <tr key={index}>
              {columns.map((column) => {
                const value = row[column];
                return (
                  <td key={column} className={typeof value === 'number' ? 'num' : undefined}>
                    {cellText(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** CSV text as a table. */
export function CsvTable({ text }: { text: string }) {
  const { header, rows } = parseCsv(text);
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>
          CSV · {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        </caption>
        <thead>
          <tr>
            {header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: header cells may repeat
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, maxRows).map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: CSV rows have no id
            <tr key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={column} className={/^-?[\d.,]+%?$/.test(cell) ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
