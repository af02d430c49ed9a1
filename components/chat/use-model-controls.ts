'use client';
import { useCallback, useMemo, useState } from 'react';
import type { ModelBadge, ModelOption } from '@/lib/chat/api-types';
import { type ModelSettings, pickModelSettings } from '@/lib/chat/model-settings';
import type { Conversation } from '@/lib/chat/types';
import {
  defaultModel,
  findModel,
  type ModelChoice,
  useModels,
  useSetConversationModel,
} from '@/lib/queries/models';
import { useUpdateSettings } from '@/lib/queries/tools';

interface Options {
  conversationId: string | null;
  conversation: Conversation | undefined;
  /** The server's badge (its default model, or the offline demo). */
  badge: ModelBadge;
}

/** What every chat request of this screen adds: the model, and a new conversation's settings. */
export interface ModelRequestFields {
  provider?: string;
  model?: string;
  settings?: ModelSettings;
}

/**
 * The conversation's model and settings. A new conversation keeps both on screen until its first
 * message creates it (they travel with that message); an existing one saves each change.
 */
export function useModelControls({ conversationId, conversation, badge }: Options) {
  const models = useModels();
  const [draftChoice, setDraftChoice] = useState<ModelChoice | null>(null);
  const [draftSettings, setDraftSettings] = useState<ModelSettings>({});
  const setModel = useSetConversationModel(conversationId ?? '');
  const updateSettings = useUpdateSettings(conversationId ?? '');

  // Until the new conversation's details arrive, the choice made here still holds.
  const stored = conversation
    ? { provider: conversation.provider ?? null, model: conversation.model }
    : draftChoice;
  // A choice that is no longer offered falls back to the default, as the server does.
  const current: ModelOption | null =
    findModel(models.data, stored) ?? defaultModel(models.data) ?? null;
  const settings = useMemo(
    () => (conversation ? pickModelSettings(conversation.settings) : draftSettings),
    [conversation, draftSettings],
  );

  const choose = useCallback(
    (choice: ModelChoice) => {
      if (conversationId) setModel.mutate(choice);
      else setDraftChoice(choice);
    },
    [conversationId, setModel],
  );

  const saveSettings = useCallback(
    async (next: ModelSettings) => {
      if (!conversationId) {
        setDraftSettings(next);
        return;
      }
      // The route replaces every setting: keep the ones this dialog does not edit (tools).
      const { tools } = conversation?.settings ?? {};
      await updateSettings.mutateAsync({ ...(tools ? { tools } : {}), ...next });
    },
    [conversationId, conversation?.settings, updateSettings],
  );

  const requestFields = useMemo<ModelRequestFields>(
    () => ({
      ...(current ? { provider: current.provider, model: current.id } : {}),
      ...(conversationId ? {} : { settings: draftSettings }),
    }),
    [current, conversationId, draftSettings],
  );

  const storedModel = stored?.model ?? null;
  const shownBadge = useMemo<ModelBadge>(() => {
    if (badge.demo) return badge;
    // Until the list arrives, the conversation's own model is the best label.
    if (!current) return storedModel ? { label: storedModel, demo: false } : badge;
    const provider = models.data?.providers.find((p) => p.name === current.provider);
    return {
      label: current.label,
      demo: false,
      ...((models.data?.providers.length ?? 0) > 1 && provider ? { provider: provider.label } : {}),
    };
  }, [badge, current, models.data, storedModel]);

  return {
    list: models.data,
    isError: models.isError,
    current,
    choose,
    settings,
    saveSettings,
    requestFields,
    badge: shownBadge,
  };
}

export type ModelControls = ReturnType<typeof useModelControls>;
