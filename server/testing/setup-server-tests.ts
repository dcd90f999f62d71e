// Server tests run in UTC so that dates in assertions read the same on every machine.
process.env.TZ = 'UTC';
