// Names the dApp's pages carry that its browser journeys (e2e/) and the benchmark (scripts/bench/)
// find them by, written once here and imported on both sides: renaming one in the app renames it
// for them too, instead of leaving a bench that waits for a card which no longer exists.
/** data-testid of a film's card in a grid (ProjectCard) and of its loading placeholder. */
export const PROJECT_CARD_TEST_ID = 'project-card'
export const PROJECT_CARD_SKELETON_TEST_ID = 'project-card-skeleton'
/** The accessible name of the marketplace's search box. */
export const MARKETPLACE_SEARCH_LABEL = 'Search'
