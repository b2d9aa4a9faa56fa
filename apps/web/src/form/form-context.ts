/** What the form's widgets read besides their own props. */
export interface FormContext {
  /** The qualified command id the form belongs to. */
  commandId: string;
  /** The connection lookups run on. */
  connection?: string | undefined;
  /** The whole form's current data (a workflow state depends on the chosen team). */
  formData: Record<string, unknown>;
  /** Runs a read command for a lookup; results are cached by the caller. */
  runLookup(command: string, input: Record<string, unknown>): Promise<unknown>;
}
