CREATE TABLE "import_mappings" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
CREATE TABLE "pitches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"log_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sequence" integer NOT NULL,
	"pitch_type" text NOT NULL,
	"velocity_mph" real NOT NULL,
	"spin_rate_rpm" real,
	"spin_axis_degrees" real,
	"induced_vertical_break_in" real,
	"horizontal_break_in" real,
	"release_height_ft" real,
	"release_side_ft" real,
	"extension_ft" real,
	"result" text,
	"strike" boolean,
	"note" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"import_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_throws" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"log_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sequence" integer NOT NULL,
	"thrown_at" timestamp with time zone,
	"arm_speed_deg_per_s" real,
	"elbow_torque_nm" real,
	"arm_slot_degrees" real,
	"shoulder_rotation_degrees" real,
	"workload" real,
	"source" text DEFAULT 'manual' NOT NULL,
	"import_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throw_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"log_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"pitcher" text,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_throws" ADD CONSTRAINT "sensor_throws_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_throws" ADD CONSTRAINT "sensor_throws_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_throws" ADD CONSTRAINT "sensor_throws_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_throws" ADD CONSTRAINT "sensor_throws_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "throw_imports" ADD CONSTRAINT "throw_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "throw_imports" ADD CONSTRAINT "throw_imports_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "throw_imports" ADD CONSTRAINT "throw_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pitches_log_idx" ON "pitches" USING btree ("log_id","sequence");--> statement-breakpoint
CREATE INDEX "pitches_athlete_date_idx" ON "pitches" USING btree ("organization_id","athlete_id","date");--> statement-breakpoint
CREATE INDEX "pitches_org_date_idx" ON "pitches" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "sensor_throws_log_idx" ON "sensor_throws" USING btree ("log_id","sequence");--> statement-breakpoint
CREATE INDEX "sensor_throws_athlete_date_idx" ON "sensor_throws" USING btree ("organization_id","athlete_id","date") WHERE "sensor_throws"."workload" is not null;--> statement-breakpoint
CREATE INDEX "sensor_throws_org_date_idx" ON "sensor_throws" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "throw_imports_org_created_idx" ON "throw_imports" USING btree ("organization_id","created_at");