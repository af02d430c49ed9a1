import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Assistant } from '@/lib/chat/assistants';
import { configuredAssistantSchema } from '@/lib/chat/assistant-schema';
import { describePath } from './values';

// The deployment's assistants, for everyone and read-only: ASSISTANTS holds a JSON array, or
// ASSISTANTS_FILE a path to a file holding one (lib/server/config.ts calls this parser).

const EXAMPLE =
  '[{"name":"SQL reviewer","systemPrompt":"You review SQL…","model":"gpt-4o-mini","settings":{"temperature":0.2},"tools":["calculate"],"starters":["Review this query"]}]';

/** A stable id from the name: `config-sql-reviewer` (with `-2`… when two names match). */
function configIds(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const slug =
      name
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40) || 'assistant';
    const n = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, n);
    return n === 1 ? `config-${slug}` : `config-${slug}-${n}`;
  });
}

export const CONFIG_ASSISTANT_ID = /^config-[a-z0-9-]{1,50}$/;

/** The configured assistants and what is wrong with them (empty when all is well). */
export function parseAssistants(
  value: string,
  variable: string,
): { assistants: Assistant[]; issues: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      assistants: [],
      issues: [`${variable} must hold a JSON array such as ${EXAMPLE} (not valid JSON: ${why})`],
    };
  }
  const result = z.array(configuredAssistantSchema).max(200).safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((issue) =>
      issue.path.length === 0
        ? `${variable} must hold a JSON array such as ${EXAMPLE}`
        : `${variable}${describePath(issue.path)}: ${issue.message} (every field but "name" and "systemPrompt" is optional; e.g. ${EXAMPLE})`,
    );
    return { assistants: [], issues };
  }
  const ids = configIds(result.data.map((a) => a.name));
  const epoch = new Date(0).toISOString();
  const assistants = result.data.map(
    (a, i): Assistant => ({
      ...a,
      id: ids[i] ?? `config-${i}`,
      source: 'config',
      files: [],
      version: 1,
      share: null,
      createdAt: epoch,
      updatedAt: epoch,
    }),
  );
  return { assistants, issues: [] };
}

/** ASSISTANTS, or the file ASSISTANTS_FILE names (relative to `cwd`); both set is an error. */
export function assistantsFrom(
  e: { ASSISTANTS?: string; ASSISTANTS_FILE?: string },
  cwd: string,
): { assistants: Assistant[]; issues: { variable: string; message: string }[] } {
  const issue = (variable: string, message: string) => ({
    assistants: [],
    issues: [{ variable, message }],
  });
  if (e.ASSISTANTS && e.ASSISTANTS_FILE) {
    return issue('ASSISTANTS', 'Set ASSISTANTS or ASSISTANTS_FILE, not both.');
  }
  let text = e.ASSISTANTS;
  const variable = e.ASSISTANTS_FILE ? 'ASSISTANTS_FILE' : 'ASSISTANTS';
  if (e.ASSISTANTS_FILE) {
    try {
      text = readFileSync(path.resolve(cwd, e.ASSISTANTS_FILE), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      return issue(
        variable,
        `ASSISTANTS_FILE must name a readable JSON file (got ${JSON.stringify(e.ASSISTANTS_FILE)}: ${code})`,
      );
    }
  }
  if (text === undefined) return { assistants: [], issues: [] };
  const parsed = parseAssistants(text, variable);
  return {
    assistants: parsed.assistants,
    issues: parsed.issues.map((message) => ({ variable, message })),
  };
}
