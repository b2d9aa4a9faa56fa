import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './results.css';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One short fact above a document's text: its title, its revision. */
export interface DocumentFact {
  key: string;
  label: string;
  value: string;
}

/**
 * The short plain fields of a document result (its id, title, revision), labelled with their
 * schema titles: the structure (tabs, body) and the text itself are not facts.
 */
export function documentFacts(result: unknown, schema: unknown): DocumentFact[] {
  if (!isRecord(result)) return [];
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(result).flatMap(([key, value]) => {
    if (typeof value !== 'string' || value === '' || value.length > 200 || value.includes('\n')) return [];
    // A mode or kind (`SUGGESTIONS_INLINE`) tells a reader of the text nothing.
    if (/^[A-Z][A-Z_]+$/.test(value)) return [];
    const property = properties[key];
    const title = isRecord(property) && typeof property.title === 'string' ? property.title : key;
    return [{ key, label: title, value }];
  });
}

// A link opens beside the app; a picture from elsewhere is refused by the page's policy, so it is
// shown as a link to itself.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && /^https?:/i.test(src) ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt ? `Picture: ${alt}` : 'Picture'}
      </a>
    ) : (
      <span>{alt ? `Picture: ${alt}` : 'Picture'}</span>
    ),
};

/**
 * A document as it reads: its title and revision as fields, then its text (Markdown) as headings,
 * paragraphs, lists and tables. react-markdown builds React elements and drops raw HTML, so nothing
 * in the text runs or needs the page's policy loosened.
 */
export function DocumentText({ text, facts }: { text: string; facts: DocumentFact[] }) {
  return (
    <div className="document">
      {facts.length > 0 && (
        <dl className="facts document__facts">
          {facts.map((fact) => (
            <div key={fact.key}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <section className="document-body" aria-label="Document text">
        {text.trim() ? (
          <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
            {text}
          </Markdown>
        ) : (
          <p className="muted">The document has no text.</p>
        )}
      </section>
    </div>
  );
}
