import { definitionVersion } from '../clock/clock-data.ts';
import type { ClockDefinition, ClockMeta } from '../clock/types.ts';
import { CSEW_INCIDENT_CATEGORIES, CSEW_PREVALENCE_CATEGORIES, SURVEY_META } from './csew-figures.ts';

function buildCsewClockDefinition(): ClockDefinition {
  const meta: ClockMeta = {
    areaName: SURVEY_META.areaName,
    dataMethod: SURVEY_META.dataMethod,
    dataSource: `${SURVEY_META.dataSource}, ${SURVEY_META.dataYear}`,
    latestDataMonth: null,
    lastUpdated: SURVEY_META.lastUpdated,
    nextUpdate: SURVEY_META.nextUpdate,
    nextUpdateRule: 'date',
    nextUpdateDate: SURVEY_META.nextUpdateDate,
    excludedForces: [],
    notes: [SURVEY_META.surveyNote, SURVEY_META.licence, ...SURVEY_META.prevalenceWarnings],
  };
  const content = {
    clock: 'csew' as const,
    categories: CSEW_INCIDENT_CATEGORIES,
    prevalence: CSEW_PREVALENCE_CATEGORIES,
    meta,
  };
  return { ...content, version: definitionVersion(content) };
}

/** The survey clock's definition; one shared object so its compiled models are cached once. */
export const CSEW_CLOCK_DEFINITION: ClockDefinition = buildCsewClockDefinition();
