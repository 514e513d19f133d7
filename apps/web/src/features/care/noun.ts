/** 'prescription' → 'Prescription', for the texts that start with the record's name. */
export const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);
