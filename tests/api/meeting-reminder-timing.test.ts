// The lead form tells whoever logs or moves a meeting that it will get no reminder
// (app/modules/lead-detail/meeting-reminder-timing.ts, issue 24 review). Its rule is checked
// here against the real `*/5` Cron job: for meetings written at several moments of a 5-minute
// slot and 0–40 minutes ahead, every run from the first that could see each one reminds it
// exactly when the form said it would.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { missedMeetingReminder, REMINDER_RUN_EVERY_MS } from "../../app/modules/lead-detail/meeting-reminder-timing.ts";
import { getDb } from "../../worker/db/client.ts";
import { remindMeetingsSoon } from "../../worker/services/meeting-reminder-service.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

const services = () => ({ db: getDb(env.DB), env });
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let author: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  author = await signedInUser("manager");
});

/** Each case on its own day, so no run of one reaches another's meeting. */
let day = 0;
const slotStart = () => Date.UTC(2032, 0, 1 + day++, 15, 0);

async function meetingAt(at: number) {
  const lead = await createLead(db(), { name: `Timing ${day}`, assignedTo: author.user.id });
  const response = await request(
    `/api/leads/${lead.id}/activities`,
    json("POST", { type: "meeting", content: "Reunião", meeting_at: new Date(at).toISOString() }, bearer(author.session.access_token)),
  );
  expect(response.status).toBe(201);
  return lead.id;
}

const reminded = async (leadId: string) =>
  (await env.DB.prepare("select count(*) as n from notifications where type = 'meeting_reminder' and link = ?")
    .bind(`/leads?lead=${leadId}`)
    .first<{ n: number }>())!.n > 0;

describe("the form's 'no reminder' warning", () => {
  it("says 'past' for a time already gone and 'soon' exactly for the meetings the Cron will not remind", async () => {
    const writtenAfterSlot = [0, 1 * SECOND, 150 * SECOND, 4 * MINUTE + 59 * SECOND];
    const ahead = [-1, 0.5, 20, 24, 25, 25.5, 26, 27, 28, 29, 29.5, 30, 30.5, 31, 35, 40].map((m) => m * MINUTE);
    const seen = { past: 0, soon: 0, reminded: 0 };
    for (const offset of writtenAfterSlot) {
      for (const lead of ahead) {
        const now = slotStart() + offset;
        const at = now + lead;
        const said = missedMeetingReminder(new Date(at).toISOString(), now);
        const leadId = await meetingAt(at);
        // Every run from the first that can see it (the next multiple of 5 minutes) until the meeting.
        for (let run = Math.ceil(now / REMINDER_RUN_EVERY_MS) * REMINDER_RUN_EVERY_MS; run < at; run += REMINDER_RUN_EVERY_MS) {
          await remindMeetingsSoon(services(), new Date(run));
        }
        const actual = await reminded(leadId);
        expect({ offset, lead, said, actual }).toEqual({ offset, lead, said: actual ? null : lead <= 0 ? "past" : "soon", actual });
        seen[said ?? "reminded"]++;
      }
    }
    // All three answers were exercised, and the 25–30-minute band went both ways.
    expect(seen.past).toBe(writtenAfterSlot.length);
    expect(seen.soon).toBeGreaterThan(writtenAfterSlot.length * 4);
    expect(seen.reminded).toBeGreaterThan(writtenAfterSlot.length * 4);
  });
});
