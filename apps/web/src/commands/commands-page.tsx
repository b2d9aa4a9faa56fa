import { useHostData } from '../host-data';
import { CommandList } from './command-list';
import { CommandView } from './command-view';

/** Commands: the list beside the chosen command (stacked on a narrow window). */
export function CommandsPage({ commandId }: { commandId?: string | undefined }) {
  const host = useHostData();
  return (
    <div className={`commands-layout${commandId ? ' commands-layout--detail' : ''}`}>
      <CommandList selected={commandId} />
      <div className="commands-layout__detail">
        {commandId ? (
          <CommandView key={commandId} commandId={commandId} />
        ) : (
          <div className="welcome">
            <h1>Commands</h1>
            <p className="muted">
              {host.commands.length} commands across {host.connectors.length} connectors. Pick one to fill in
              its parameters and run it on a connection.
            </p>
            <ul className="welcome__connectors">
              {host.connectors.map((connector) => {
                const count = host.commands.filter((command) => command.connector === connector.id).length;
                const connected = host.connections.filter(
                  (connection) => connection.connector === connector.id,
                ).length;
                return (
                  <li key={connector.id} className="card">
                    <h2>{connector.title}</h2>
                    <p className="muted">{connector.description}</p>
                    <p className="welcome__facts">
                      {count} commands ·{' '}
                      {connected === 0
                        ? 'not connected'
                        : `${connected} connection${connected > 1 ? 's' : ''}`}
                    </p>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
