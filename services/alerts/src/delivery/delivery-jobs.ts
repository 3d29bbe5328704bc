/** Queues the sending of a recorded delivery (BullMQ in the service; the job id is the delivery key). */
export interface DeliveryJobs {
  enqueue(deliveryKey: string, channel: string): Promise<void>;
}

/**
 * Answers an alert's question over its new documents for a digest: extractive, every sentence citing
 * the documents it comes from. Implemented over the query-engine's RPC; a digest goes out without the
 * answer when it fails.
 */
export interface QuestionAnswerer {
  answer(question: string, documentIds: string[]): Promise<Array<{ text: string; documentIds: string[] }>>;
}

/** No query-engine configured: digests go out without answers. */
export const noAnswers: QuestionAnswerer = { answer: async () => [] };
