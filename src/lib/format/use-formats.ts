import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { settingsQueries } from '@/lib/settings/settings-queries';
import type { DayStyle, FormatPlace, InstantStyle } from './format';
import {
  defaultFormatPlace,
  formatCount,
  formatDay,
  formatInstant,
  formatLoad,
  formatNumber,
} from './format';

/** The formatters bound to the signed-in user's organisation: its locale and time zone. */
export function useFormats() {
  const settings = useQuery(settingsQueries.full());
  const locale = settings.data?.locale ?? defaultFormatPlace.locale;
  const timeZone = settings.data?.timeZone ?? defaultFormatPlace.timeZone;
  return useMemo(() => {
    const place: FormatPlace = { locale, timeZone };
    return {
      place,
      day: (isoDate: string, style: DayStyle = 'day') => formatDay(isoDate, style, place),
      instant: (instant: string | Date, style: InstantStyle = 'dateTime') =>
        formatInstant(instant, style, place),
      load: (value: number, unit: string) => formatLoad(value, unit, place),
      number: (value: number, decimals = 1) => formatNumber(value, decimals, place),
      count: (value: number) => formatCount(value, place),
    };
  }, [locale, timeZone]);
}
export type Formats = ReturnType<typeof useFormats>;
