import 'server-only';
import { getConfig } from './config';
import { AppError } from './errors';
import { getUpstream } from './upstream';
import type { UpstreamModel } from './upstream/types';

export interface ModelList {
  models: UpstreamModel[];
  defaultModel: string;
  demo: boolean;
}

const TTL_MS = 5 * 60_000;
let cache: { at: number; list: ModelList } | undefined;

/** CHAT_MODEL and CHAT_MODELS first, then whatever the provider's GET /models adds (cached). */
export async function listModels(): Promise<ModelList> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.list;
  const config = getConfig();
  const upstream = getUpstream();
  let fetched: UpstreamModel[] = [];
  try {
    fetched = await upstream.listModels(AbortSignal.timeout(5_000));
  } catch (error) {
    console.warn('[parley] could not list the provider’s models:', (error as Error).message);
  }
  const configured = [config.chatModel, ...config.chatModels].filter((m): m is string => !!m);
  const seen = new Set<string>();
  const models: UpstreamModel[] = [];
  for (const m of [...configured.map((id) => ({ id, label: id })), ...fetched]) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    models.push(fetched.find((f) => f.id === m.id) ?? m);
  }
  const defaultModel = models[0]?.id;
  if (!defaultModel) {
    throw new AppError(
      'internal',
      'No model is configured. Set CHAT_MODEL in the server configuration.',
    );
  }
  const list = { models, defaultModel, demo: upstream.kind === 'demo' };
  // An empty provider answer is not cached, so a provider that was down is asked again.
  if (fetched.length > 0 || configured.length > 0) cache = { at: Date.now(), list };
  return list;
}

/** The model to use: the requested one if Parley knows it, else a clear 400. */
export async function resolveModel(requested: string | undefined): Promise<string> {
  const list = await listModels();
  if (!requested) return list.defaultModel;
  if (list.models.some((m) => m.id === requested)) return requested;
  throw new AppError('bad_request', `The model “${requested}” is not available on this server.`);
}
