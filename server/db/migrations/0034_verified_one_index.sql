DROP INDEX "shops_stall_visited_idx";--> statement-breakpoint
DROP INDEX "shops_bank_matched_idx";