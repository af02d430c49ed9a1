export {
  accumulate,
  type ChoiceState,
  type FinalStatus,
  finalStatus,
  initialStreamState,
  type StreamState,
  step,
} from './accumulate';
export { foldCompletion } from './completion';
export { foldSSE, type SSEFold, splitAt } from './fold-sse';
export { extractMessageText, type MessageText } from './message-text';
export {
  chatCompletionChunkSchema,
  chatCompletionSchema,
  type ParseResult,
  parseCompletion,
  validateChunk,
} from './schema';
export {
  createSSEDecoder,
  parseChunkEvent,
  readSSE,
  type SSEDecoder,
  type SSEMessage,
} from './sse';
export { toStreamError } from './stream-error';
export { mergeToolCalls, type ToolCallMerge, type ToolSlots } from './tool-calls';
export type * from './types';
export { pickUsage, toUsage } from './usage';
