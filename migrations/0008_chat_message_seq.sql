-- chat_messages gains seq, the place of a message in its channel (1, 2, 3 and so on, no ties),
-- so history pages (?before=) and reconnect backfill (?after=<last id>) never skip or repeat
-- a message that shares its created_at with another (docs/decisions/014). The chat service
-- writes it in the INSERT itself (max + 1 of the channel in the same statement). The trigger
-- fills it for any other insert that leaves it out (the seed, test factories).
ALTER TABLE `chat_messages` ADD `seq` integer;
--> statement-breakpoint
UPDATE `chat_messages` SET `seq` = (
	SELECT count(*) FROM `chat_messages` AS m
	WHERE m.channel_id = chat_messages.channel_id
		AND (m.created_at < chat_messages.created_at OR (m.created_at = chat_messages.created_at AND m.rowid <= chat_messages.rowid))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_channel_seq_idx` ON `chat_messages` (`channel_id`,`seq`);
--> statement-breakpoint
CREATE TRIGGER `chat_messages_seq_after_insert` AFTER INSERT ON `chat_messages` WHEN new.seq IS NULL BEGIN
	UPDATE chat_messages
	SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM chat_messages WHERE channel_id = new.channel_id)
	WHERE rowid = new.rowid;
END;
