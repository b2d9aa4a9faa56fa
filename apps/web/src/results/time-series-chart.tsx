import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TimeSeries } from './shapes';

const palette = ['#3b5bdb', '#0c8599', '#e67700', '#9c36b5', '#2b8a3e', '#c92a2a'];

/** A line chart of a time series, with its numbers in a table for screen readers and copying. */
export function TimeSeriesChart({
  data,
  caption,
}: {
  data: TimeSeries;
  caption: { title: string; span: string };
}) {
  const many = data.rows.length > 60;
  return (
    <figure className="chart">
      <figcaption className="chart__caption">
        <span className="chart__title">{caption.title}</span>
        <span className="chart__span muted">{caption.span}</span>
      </figcaption>
      <div className="chart__plot" data-testid="time-series-chart">
        <ResponsiveContainer width="100%" height={320}>
          <LineChart data={data.rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="#e9ecef" vertical={false} />
            <XAxis dataKey="x" tick={{ fontSize: 12, fill: '#495057' }} minTickGap={24} />
            <YAxis tick={{ fontSize: 12, fill: '#495057' }} width={56} allowDecimals={false} />
            <Tooltip />
            {data.series.length > 1 && <Legend wrapperStyle={{ fontSize: 13 }} />}
            {data.series.map((name, index) => (
              <Line
                key={name}
                type="monotone"
                dataKey={name}
                stroke={palette[index % palette.length]}
                strokeWidth={2}
                dot={many ? false : { r: 3 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="chart__data">
        <summary>Data table</summary>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Point</th>
                {data.series.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.x}>
                  <th scope="row">{row.x}</th>
                  {data.series.map((name) => (
                    <td key={name} className="num">
                      {row[name] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
