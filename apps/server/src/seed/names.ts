/** Deterministic data for the demo and large seeds: the same seed number gives the same practice. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'William',
  'Mia', 'Benjamin', 'Charlotte', 'Lucas', 'Harper', 'Henry', 'Evelyn', 'Theodore', 'Abigail', 'Jack', 'Emily',
  'Levi', 'Ella', 'Alexander', 'Elizabeth', 'Jackson', 'Camila', 'Mateo', 'Luna', 'Daniel', 'Sofia', 'Michael',
  'Avery', 'Mason', 'Mila', 'Sebastian', 'Aria', 'Ethan', 'Scarlett', 'Logan', 'Penelope', 'Owen', 'Layla',
  'Samuel', 'Chloe', 'Jacob', 'Victoria', 'Asher', 'Madison', 'Aiden', 'Eleanor', 'John', 'Grace', 'Joseph',
  'Nora', 'Wyatt', 'Riley', 'David', 'Zoey', 'Leo', 'Hannah', 'Luke', 'Hazel', 'Julian', 'Lily', 'Hudson',
  'Ellie', 'Grayson', 'Violet', 'Matthew', 'Lillian', 'Ezra', 'Zoe', 'Gabriel', 'Stella', 'Carter', 'Aurora',
  'Isaac', 'Natalie', 'Jayden', 'Emilia', 'Luca', 'Everly', 'Anthony', 'Leah', 'Dylan', 'Aubrey', 'Lincoln',
  'Willow', 'Thomas', 'Addison', 'Maverick', 'Lucy', 'Elias', 'Audrey', 'Josiah', 'Bella', 'Charles', 'Nova',
  'Caleb', 'Brooklyn', 'Christopher', 'Paisley', 'Ezekiel', 'Savannah', 'Miles', 'Claire', 'Jaxon', 'Skylar',
  'Isaiah', 'Isla', 'Andrew', 'Genesis', 'Joshua', 'Naomi', 'Nathan', 'Elena', 'Nolan', 'Caroline', 'Adrian',
  'Eliana', 'Cameron', 'Anna', 'Santiago', 'Maya', 'Eli', 'Valentina', 'Aaron', 'Ruby', 'Ryan', 'Kennedy',
  'Angel', 'Ivy', 'Cooper', 'Ariana', 'Waylon', 'Aaliyah', 'Easton', 'Cora', 'Kai', 'Madelyn', 'Christian',
  'Alice', 'Landon', 'Kinsley', 'Colton', 'Hailey', 'Roman', 'Gabriella', 'Axel', 'Allison', 'Brooks', 'Gianna',
  'Jonathan', 'Serenity', 'Robert', 'Samantha', 'Jameson', 'Sarah', 'Ian', 'Autumn', 'Everett', 'Quinn', 'Greyson',
  'Eva', 'Wesley', 'Piper', 'Jeremiah', 'Sophie', 'Hunter', 'Sadie', 'Leonardo', 'Delilah', 'Jordan', 'Josephine',
  'Jose', 'Nevaeh', 'Bennett', 'Adeline', 'Silas', 'Arya', 'Nicholas', 'Emery', 'Parker', 'Lydia', 'Beau', 'Clara',
  'Weston', 'Vivian', 'Austin', 'Madeline', 'Connor', 'Peyton', 'Carson', 'Julia', 'Dominic', 'Rylee', 'Xavier',
  'Brielle', 'Jaxson', 'Reagan', 'Jace', 'Natalia', 'Emmett', 'Jade', 'Adam', 'Athena', 'Declan', 'Maria', 'Rowan',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz',
  'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers',
  'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim',
  'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza',
  'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster',
  'Jimenez', 'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson',
  'Barnes', 'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton',
  'Graham', 'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson',
  'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens', 'Harrison',
  "O'Brien", 'McCarthy', 'Kowalski', 'Novak', 'Schmidt', 'Muller', 'Rossi', 'Dubois', 'Lindqvist', 'Okafor',
] as const;

export const PET_NAMES = [
  'Bella', 'Max', 'Luna', 'Charlie', 'Lucy', 'Cooper', 'Daisy', 'Milo', 'Bailey', 'Buddy', 'Sadie', 'Rocky',
  'Molly', 'Bear', 'Lola', 'Tucker', 'Maggie', 'Duke', 'Sophie', 'Oliver', 'Chloe', 'Leo', 'Stella', 'Zeus',
  'Penny', 'Jack', 'Zoey', 'Winston', 'Rosie', 'Murphy', 'Ruby', 'Toby', 'Gracie', 'Bentley', 'Nala', 'Loki',
  'Coco', 'Oscar', 'Pepper', 'Finn', 'Willow', 'Simba', 'Ginger', 'Jasper', 'Hazel', 'Gus', 'Mia', 'Ollie',
  'Rex', 'Biscuit', 'Clover', 'Mochi', 'Pumpkin', 'Shadow', 'Smokey', 'Tigger', 'Oreo', 'Peanut', 'Hank', 'Ziggy',
] as const;

export const BREEDS: Record<string, readonly string[]> = {
  Dog: ['Labrador Retriever', 'Golden Retriever', 'German Shepherd', 'French Bulldog', 'Beagle', 'Poodle', 'Dachshund', 'Border Collie', 'Mixed breed'],
  Cat: ['Domestic Shorthair', 'Domestic Longhair', 'Maine Coon', 'Siamese', 'Ragdoll', 'Bengal', 'British Shorthair'],
  Rabbit: ['Holland Lop', 'Netherland Dwarf', 'Mini Rex', 'Lionhead'],
  Bird: ['Budgerigar', 'Cockatiel', 'African Grey', 'Lovebird'],
  Horse: ['Quarter Horse', 'Thoroughbred', 'Arabian', 'Appaloosa'],
};
export const COLOURS = ['Black', 'White', 'Brown', 'Tan', 'Grey', 'Tabby', 'Calico', 'Brindle', 'Cream', 'Black and white'] as const;
export const STREETS = ['Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Willow', 'Lake', 'Hill', 'River', 'Park', 'Meadow', 'Church'] as const;
export const VACCINES = ['Rabies', 'DHPP', 'Bordetella', 'Leptospirosis', 'FVRCP', 'FeLV'] as const;
export const DRUGS = [
  { drug: 'Carprofen 75 mg', dose: '1 tablet', frequency: 'twice daily with food', quantity: '28 tablets' },
  { drug: 'Amoxicillin-clavulanate 250 mg', dose: '1 tablet', frequency: 'every 12 hours', quantity: '20 tablets' },
  { drug: 'Meloxicam 1.5 mg/ml oral suspension', dose: '0.1 mg/kg', frequency: 'once daily', quantity: '10 ml' },
  { drug: 'Gabapentin 100 mg', dose: '1 capsule', frequency: 'every 8 to 12 hours', quantity: '30 capsules' },
  { drug: 'Apoquel 16 mg', dose: '1/2 tablet', frequency: 'once daily', quantity: '30 tablets' },
] as const;
