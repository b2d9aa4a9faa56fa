/** One request as the server received it. */
export interface RecordedCall {
  method: string;
  url: URL;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  bodyText: string;
  /** The body parsed as JSON, when it was JSON. */
  bodyJson: unknown;
  /** The body parsed as a form, when it was form-encoded. */
  bodyForm: URLSearchParams | undefined;
}
