CREATE TABLE "questionnaire_reminders" (
	"organization_id" uuid NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_reminders_pkey" PRIMARY KEY("questionnaire_id","athlete_id","date")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_reminders" ADD CONSTRAINT "questionnaire_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_reminders" ADD CONSTRAINT "questionnaire_reminders_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_reminders" ADD CONSTRAINT "questionnaire_reminders_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;