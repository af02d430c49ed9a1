import 'server-only';

// The only module that talks SQL. Every function takes the database first and speaks Parley
// types (lib/chat/types.ts), never rows.
//
// One file per concern; this index is the public surface, so callers import
// '@/lib/server/db/repository' and never a file inside it. shared.ts stays internal.

export { InvalidCursorError, isUuid } from '@/lib/server/db/cursor';
export {
  claimAttachments,
  deleteUserAttachments,
  findUsableAttachments,
  getAttachmentForUser,
  getConversationAttachment,
  insertAttachment,
  insertAttachments,
  loadConversationAttachments,
  type NewAttachment,
  purgeAttachmentsOfDeleted,
  purgePendingAttachments,
  type StoredAttachment,
} from './attachments';
export {
  type AssistantValues,
  type AssistantWithTexts,
  countAssistants,
  deleteAssistant,
  exportAssistants,
  getAssistant,
  getSharedAssistant,
  insertAssistant,
  listAssistants,
  setAssistantShare,
  updateAssistant,
} from './assistants';
export { getActiveLeafId, setActiveLeaf } from './branches';
export {
  createConversation,
  deleteConversation,
  getConversation,
  getConversationAndLeaf,
  getConversationOwner,
  listConversations,
  MAX_PAGE_SIZE,
  touchConversation,
} from './conversations';
export {
  deleteUserData,
  type ImportedMessage,
  insertImportedConversation,
  listStreamingMessageIds,
} from './export';
export { type FirstTurn, insertFirstTurn, newFirstTurn } from './first-turn';
export {
  comparisonIsLive,
  type GenerationClaim,
  generationOfMessage,
  insertGenerations,
  liveGenerations,
} from './generation-claims';
export {
  type EventBatch,
  expiredGenerations,
  finishGeneration,
  type Generation,
  getGeneration,
  latestGeneration,
  readEvents,
  renewGeneration,
  requestStop,
  settleLostGenerations,
} from './generations';
export {
  DELETED_RETENTION_MS,
  purgeDeletedConversations,
  renameConversation,
  restoreConversation,
  saveGeneratedTitle,
  searchConversations,
  softDeleteConversation,
} from './history';
export {
  decideToolCall,
  getMessageForUser,
  insertMessage,
  insertShownAnswer,
  listMessages,
  type MessagePatch,
  type NewMessage,
  recoverMessageProgress,
  saveMessageProgress,
  updateMessage,
} from './messages';
export {
  countInOrder,
  hitRateLimit,
  peekRateLimit,
  purgeRateLimits,
  type RateLimitHit,
} from './rate-limits';
export { getOrCreateSecret } from './secrets';
export {
  createConversationWithMessages,
  createShare,
  getActiveShare,
  getActiveShareForConversation,
  listActiveShares,
  revokeShare,
  type Share,
  type ShareListItem,
  updateShareSnapshot,
} from './shares';
export { ensureAccountUser, ensureUser, userExists } from './users';
export { saveFinalAnswer, topUserUsage, type UserUsageRow, usageByDay } from './usage';
export {
  type AccountRow,
  accountDisabled,
  accountTokenBudgetSql,
  budgetCounts,
  deleteAccountRow,
  getAccount,
  getAccountsByIds,
  listAccounts,
  updateAccountControls,
} from './accounts';
export { type AuditEntry, getSetting, insertAudit, listAudit, setSetting } from './admin-log';
export { type LiveRow, listLiveTurns } from './live-list';
