import 'server-only';
import { z } from 'zod';
import type { JsonSchema, Tool, ToolContext } from '../types';

export interface BuiltinDefinition<S extends z.ZodType> {
  name: string;
  description: string;
  /** One short line for the Tools menu. */
  summary: string;
  /** Source of both the validation and the JSON schema the model sees. */
  schema: S;
  /** Returns the text for the model; throw an Error with a clear message to report a failure. */
  run(args: z.output<S>, ctx: ToolContext): string | Promise<string>;
}

/** The model-facing JSON schema: what the model may send, without the `$schema` marker. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest;
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`,
    )
    .join('; ');
}

// Many models send `null` for optional fields they leave out; treat that as absent.
function dropNulls(args: unknown): unknown {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
}

export function defineBuiltin<S extends z.ZodType>(definition: BuiltinDefinition<S>): Tool {
  return {
    name: definition.name,
    description: definition.description,
    summary: definition.summary,
    parameters: jsonSchemaOf(definition.schema),
    requiresApproval: false,
    source: 'builtin',
    run: async (args, ctx) => {
      const parsed = definition.schema.safeParse(dropNulls(args));
      if (!parsed.success) {
        return {
          ok: false,
          content: `Invalid arguments for ${definition.name}: ${formatIssues(parsed.error)}`,
        };
      }
      return { ok: true, content: await definition.run(parsed.data, ctx) };
    },
  };
}
