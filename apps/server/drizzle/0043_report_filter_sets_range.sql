-- A saved filter set's moving range (decision 0287): its days worked out when applied; null keeps the set's dates.
ALTER TABLE "report_filter_sets" ADD COLUMN "range" text;
