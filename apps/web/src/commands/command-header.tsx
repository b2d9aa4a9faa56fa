import { hrefOf } from '../router';
import type { CommandSummary } from '../types';
import { safetyOf, safetyText } from './safety';

/** A command's heading: its connector, title, id, what running it can do, and its description. */
export function CommandHeader({
  summary,
  connectorTitle,
}: {
  summary: CommandSummary;
  connectorTitle: string;
}) {
  const { annotations } = summary;
  const safety = safetyOf(annotations);
  return (
    <>
      <a className="back-link" href={hrefOf({ page: 'commands' })}>
        ← All commands
      </a>
      <header className="command__head">
        <p className="command__connector">{connectorTitle}</p>
        <h1 id="command-title" tabIndex={-1}>
          {summary.title}
        </h1>
        <div className="badges">
          <code className="command__id">{summary.id}</code>
          <span
            className={`badge${safety === 'destructive' ? ' badge--danger' : safety === 'read' ? '' : ' badge--write'}`}
            title={safetyText[safety].hint}
          >
            {safetyText[safety].label}
          </span>
          {annotations.idempotent && !annotations.readOnly && (
            <span
              className="badge"
              title="Running it twice with the same input has the effect of running it once."
            >
              Safe to repeat
            </span>
          )}
        </div>
        <p className="command__description">{summary.description}</p>
      </header>
    </>
  );
}
