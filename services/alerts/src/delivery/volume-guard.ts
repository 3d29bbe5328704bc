/**
 * The volume guard's arithmetic: a real-time alert may send `maxPerHour` messages an hour; hits past
 * that are left for the hourly digest, and the alert stays folded into it until an hour comes with
 * fewer hits than the limit.
 */
export function realtimeAllowance(sentLastHour: number, maxPerHour: number): number {
  return Math.max(0, maxPerHour - sentLastHour);
}

export function volumeNotice(maxPerHour: number): string {
  return (
    `This alert matched more than ${maxPerHour} documents in an hour, ` +
    `so its real-time messages are gathered into an hourly digest until it is quieter.`
  );
}

/** After an hourly digest of `hitsThisHour`, the alert goes back to real time when the hour was under the limit. */
export function shouldUnfold(hitsThisHour: number, maxPerHour: number): boolean {
  return hitsThisHour < maxPerHour;
}
