import { sandboxExportLines, sandboxExports } from '../commands/snippets';
import { useHostData } from '../host-data';
import { CopyButton } from '../ui/copy-button';

/**
 * The sandbox's simulators: each one's base URL and keys as the environment variables a program
 * reads, to paste into a shell (what `c-host sandbox env` prints). Sandbox keys are not secrets, as
 * Stripe's test keys are not; a real connection's credentials never reach this panel (the host lists
 * only its sandbox connections).
 */
export function SandboxPanel() {
  const { sandbox, connector } = useHostData();
  if (!sandbox || sandbox.simulators.length === 0) return null;
  const all = sandboxExports(sandbox);
  return (
    <section className="card sandbox-panel" aria-labelledby="sandbox-title">
      <div className="sandbox-panel__head">
        <h2 id="sandbox-title">Sandbox</h2>
        <CopyButton text={all} label="Copy all variables" what="sandbox variables" />
      </div>
      <p className="muted">
        {sandbox.running
          ? 'Local simulators of each provider. To call them from a program or a library example, paste these variables into its shell, or run eval "$(./c-host sandbox env)". Sandbox keys are not secrets.'
          : 'The sandbox is stopped: start it with ./c-host serve --sandbox (it listens on these same addresses again).'}
      </p>
      <ul className="sandbox-panel__list">
        {sandbox.simulators.map((entry) => {
          const lines = sandboxExportLines(entry).join('\n');
          const title = connector(entry.connector)?.title ?? entry.connector;
          return (
            <li key={entry.connector} className="sandbox-panel__item">
              <h3>{title}</h3>
              <dl className="facts">
                <div>
                  <dt>Base URL</dt>
                  <dd>
                    <code>{entry.baseUrl ?? 'not set'}</code>
                  </dd>
                </div>
                <div>
                  <dt>Connection</dt>
                  <dd>
                    <code>{entry.connection}</code>
                  </dd>
                </div>
              </dl>
              <figure className="snippet" aria-label={`${title} variables`}>
                <pre className="code">
                  <code>{lines}</code>
                </pre>
                <CopyButton text={`${lines}\n`} what={`${title} variables`} />
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
