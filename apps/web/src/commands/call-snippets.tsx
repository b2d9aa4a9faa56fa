import { useState } from 'react';
import { useHostData } from '../host-data';
import type { Connection } from '../types';
import { CopyButton } from '../ui/copy-button';
import { Tabs } from '../ui/tabs';
import { cliSnippet, curlSnippet, typescriptSnippet } from './snippets';

/** The same call as a CLI command, a curl call to the host's API, and TypeScript with the package. */
export function CallSnippets({
  commandId,
  input,
  connection,
}: {
  commandId: string;
  input: Record<string, unknown>;
  connection?: Connection | undefined;
}) {
  const [selected, setSelected] = useState('cli');
  const { connector, sandbox } = useHostData();
  const spec = {
    commandId,
    input,
    connection,
    connector: connector(commandId.slice(0, commandId.indexOf('.'))),
    origin: window.location.origin,
    sandbox: connection?.sandbox
      ? sandbox?.simulators.find((entry) => entry.connection === connection.name)
      : undefined,
  };
  const snippets = [
    { id: 'cli', label: 'CLI', what: 'CLI command', text: cliSnippet(spec) },
    { id: 'curl', label: 'curl', what: 'curl command', text: curlSnippet(spec) },
    { id: 'ts', label: 'TypeScript', what: 'TypeScript snippet', text: typescriptSnippet(spec) },
  ];
  return (
    <details className="snippets">
      <summary>Use this call elsewhere</summary>
      <Tabs
        label="Call as"
        selected={selected}
        onSelect={setSelected}
        items={snippets.map((snippet) => ({
          id: snippet.id,
          label: snippet.label,
          content: (
            <div className="snippet">
              <pre className="code">
                <code>{snippet.text}</code>
              </pre>
              <CopyButton text={snippet.text} what={snippet.what} />
            </div>
          ),
        }))}
      />
    </details>
  );
}
