import { describe, expect, it, vi } from 'vitest';

// Which of the Markdown libraries have been imported, by name: each mock's factory runs on its first import.
const imported = vi.hoisted(() => new Set<string>());
vi.mock('mdast-util-from-markdown', async (original) => {
  imported.add('mdast-util-from-markdown');
  return original();
});
vi.mock('mdast-util-to-markdown', async (original) => {
  imported.add('mdast-util-to-markdown');
  return original();
});
vi.mock('micromark-extension-gfm', async (original) => {
  imported.add('micromark-extension-gfm');
  return original();
});

describe('the Markdown libraries', () => {
  it('are not loaded with the package, only when Markdown is first needed', async () => {
    const { docs } = await import('../index.js');
    expect(Object.keys(docs.commands)).toContain('getDocumentAsMarkdown');
    expect([...imported]).toEqual([]);

    const { canonicalMarkdown, markdownSyntaxReady } = await import('./index.js');
    expect(() => canonicalMarkdown('# Title')).toThrow(/before markdownSyntaxReady/);
    const loading = markdownSyntaxReady();
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect([...imported].sort()).toEqual([
      'mdast-util-from-markdown',
      'mdast-util-to-markdown',
      'micromark-extension-gfm',
    ]);
    expect(markdownSyntaxReady()).toBeUndefined();
    expect(canonicalMarkdown('Title\n=====\n\n* one\n* two')).toBe('# Title\n\n- one\n- two\n');
  });
});
