-- Issue 24 (notifications in the reader's language, docs/decisions/025): a notification stores
-- what happened — `kind` (worker/services/notification-text.ts) and its `params` (JSON: names,
-- statuses as values, a task's title, a count …) — and is rendered in the reader's language
-- each time it is shown. `title` and `message` stay: the pt text, shown as stored for a row
-- without a kind.
ALTER TABLE `notifications` ADD `kind` text;
--> statement-breakpoint
ALTER TABLE `notifications` ADD `params` text CHECK (`params` is null or json_valid(`params`));
--> statement-breakpoint
-- The old rows whose Portuguese message is exactly one of the known sentences get its kind and
-- the values read back out of it (the sentence's fixed parts compared case-sensitively with
-- substr: D1 refuses GLOB patterns over 50 characters). Anything else keeps kind null and is
-- shown as stored.
-- 'A tarefa “{title}” vence nas próximas 24 horas.'
UPDATE `notifications`
SET `kind` = 'taskDue',
    `params` = json_object('title', substr(`message`, 11, length(`message`) - 10 - 30))
WHERE `kind` IS NULL AND `type` = 'task_due' AND length(`message`) > 40
  AND substr(`message`, 1, 10) = 'A tarefa “' AND substr(`message`, -30) = '” vence nas próximas 24 horas.';
--> statement-breakpoint
-- 'A tarefa “{title}” vence às {time}.'
UPDATE `notifications`
SET `kind` = 'taskDueAt',
    `params` = json_object('title', substr(`message`, 11, length(`message`) - 10 - 17), 'time', substr(`message`, -6, 5))
WHERE `kind` IS NULL AND `type` = 'task_due' AND length(`message`) > 27
  AND substr(`message`, 1, 10) = 'A tarefa “' AND substr(`message`, -17, 11) = '” vence às '
  AND substr(`message`, -6) GLOB '[0-2][0-9]:[0-5][0-9].';
--> statement-breakpoint
-- '{name} atribuiu a você o lead “{lead}”.'
UPDATE `notifications`
SET `kind` = 'leadAssigned',
    `params` = json_object(
      'name', substr(`message`, 1, instr(`message`, ' atribuiu a você o lead “') - 1),
      'lead', substr(`message`, instr(`message`, ' atribuiu a você o lead “') + 25, length(`message`) - instr(`message`, ' atribuiu a você o lead “') - 26))
WHERE `kind` IS NULL AND `type` = 'lead_assigned' AND instr(`message`, ' atribuiu a você o lead “') > 1
  AND length(`message`) >= instr(`message`, ' atribuiu a você o lead “') + 26 AND substr(`message`, -2) = '”.'
  AND `message` NOT GLOB '*(importação de *).';
--> statement-breakpoint
-- '{name} moveu o lead “{lead}” de {from} para {to}.' (from and to: the pt labels, read back to their values)
UPDATE `notifications`
SET `params` = (
      SELECT json_object(
        'name', substr(`message`, 1, instr(`message`, ' moveu o lead “') - 1),
        'lead', substr(`message`, instr(`message`, ' moveu o lead “') + 15,
                       length(`message`) - instr(`message`, ' moveu o lead “') - 14 - length('” de ' || f.label || ' para ' || t.label || '.')),
        'from', f.value, 'to', t.value)
      FROM (SELECT key AS value, value AS label FROM json_each('{"new":"Novo","qualified":"Qualificado","contacted":"Contatado","negotiating":"Negociando","won":"Ganho","lost":"Perdido"}')) f,
           (SELECT key AS value, value AS label FROM json_each('{"new":"Novo","qualified":"Qualificado","contacted":"Contatado","negotiating":"Negociando","won":"Ganho","lost":"Perdido"}')) t
      WHERE substr(`message`, -length('” de ' || f.label || ' para ' || t.label || '.')) = '” de ' || f.label || ' para ' || t.label || '.'
        AND length(`message`) >= instr(`message`, ' moveu o lead “') + 14 + length('” de ' || f.label || ' para ' || t.label || '.')
      LIMIT 1)
WHERE `kind` IS NULL AND `type` = 'status_change' AND instr(`message`, ' moveu o lead “') > 1
  AND `message` NOT GLOB '*(importação de *).';
--> statement-breakpoint
-- Only the rows whose labels were read back get the kind (params stays null for the others).
UPDATE `notifications` SET `kind` = 'leadStatusChanged' WHERE `kind` IS NULL AND `type` = 'status_change' AND `params` IS NOT NULL;
--> statement-breakpoint
-- '{name} ({email}) deixou o contato no assistente do site.'
UPDATE `notifications`
SET `kind` = 'newLead',
    `params` = json_object(
      'name', substr(`message`, 1, instr(`message`, ' (') - 1),
      'email', substr(`message`, instr(`message`, ' (') + 2, length(`message`) - instr(`message`, ' (') - 1 - 41))
WHERE `kind` IS NULL AND `type` = 'new_lead' AND instr(`message`, ' (') > 1 AND length(`message`) > instr(`message`, ' (') + 41
  AND substr(`message`, -41) = ') deixou o contato no assistente do site.';
--> statement-breakpoint
-- '{name} ({email}) conversou de novo com o assistente do site; a conversa está na linha do tempo.'
UPDATE `notifications`
SET `kind` = 'leadReturned',
    `params` = json_object(
      'name', substr(`message`, 1, instr(`message`, ' (') - 1),
      'email', substr(`message`, instr(`message`, ' (') + 2, length(`message`) - instr(`message`, ' (') - 1 - 80))
WHERE `kind` IS NULL AND `type` = 'system' AND `title` = 'Lead voltou ao assistente do site'
  AND instr(`message`, ' (') > 1 AND length(`message`) > instr(`message`, ' (') + 80
  AND substr(`message`, -80) = ') conversou de novo com o assistente do site; a conversa está na linha do tempo.';
