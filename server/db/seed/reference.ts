/** Reference data for believable demo records: real towns, postcode areas, makes and models. */

export interface Town {
  town: string;
  county: string;
  /** Postcode area and highest district number (UK), or Eircode routing keys (IE). */
  area: string;
  districts: number;
  lat: number;
  lng: number;
  /** UK: DVLA memory tag letters for the region; IE: the county index mark. */
  plate: string;
  /** Landline prefix (national, with the leading 0). */
  dial: string;
  region: string;
}

export const UK_TOWNS: Town[] = [
  { town: 'London', county: 'Greater London', area: 'SE', districts: 28, lat: 51.49, lng: -0.05, plate: 'L', dial: '020', region: 'London' },
  { town: 'London', county: 'Greater London', area: 'N', districts: 22, lat: 51.57, lng: -0.11, plate: 'L', dial: '020', region: 'London' },
  { town: 'Croydon', county: 'Greater London', area: 'CR', districts: 8, lat: 51.37, lng: -0.1, plate: 'L', dial: '020', region: 'London' },
  { town: 'Birmingham', county: 'West Midlands', area: 'B', districts: 98, lat: 52.48, lng: -1.9, plate: 'F', dial: '0121', region: 'Midlands' },
  { town: 'Coventry', county: 'West Midlands', area: 'CV', districts: 12, lat: 52.41, lng: -1.51, plate: 'F', dial: '024', region: 'Midlands' },
  { town: 'Wolverhampton', county: 'West Midlands', area: 'WV', districts: 16, lat: 52.59, lng: -2.13, plate: 'F', dial: '01902', region: 'Midlands' },
  { town: 'Leicester', county: 'Leicestershire', area: 'LE', districts: 19, lat: 52.64, lng: -1.13, plate: 'F', dial: '0116', region: 'Midlands' },
  { town: 'Nottingham', county: 'Nottinghamshire', area: 'NG', districts: 25, lat: 52.95, lng: -1.15, plate: 'F', dial: '0115', region: 'Midlands' },
  { town: 'Derby', county: 'Derbyshire', area: 'DE', districts: 24, lat: 52.92, lng: -1.48, plate: 'F', dial: '01332', region: 'Midlands' },
  { town: 'Manchester', county: 'Greater Manchester', area: 'M', districts: 35, lat: 53.48, lng: -2.24, plate: 'M', dial: '0161', region: 'North West' },
  { town: 'Stockport', county: 'Greater Manchester', area: 'SK', districts: 17, lat: 53.41, lng: -2.16, plate: 'M', dial: '0161', region: 'North West' },
  { town: 'Bolton', county: 'Greater Manchester', area: 'BL', districts: 9, lat: 53.58, lng: -2.43, plate: 'M', dial: '01204', region: 'North West' },
  { town: 'Liverpool', county: 'Merseyside', area: 'L', districts: 40, lat: 53.41, lng: -2.98, plate: 'M', dial: '0151', region: 'North West' },
  { town: 'Preston', county: 'Lancashire', area: 'PR', districts: 9, lat: 53.76, lng: -2.7, plate: 'P', dial: '01772', region: 'North West' },
  { town: 'Leeds', county: 'West Yorkshire', area: 'LS', districts: 29, lat: 53.8, lng: -1.55, plate: 'Y', dial: '0113', region: 'Yorkshire' },
  { town: 'Bradford', county: 'West Yorkshire', area: 'BD', districts: 24, lat: 53.79, lng: -1.75, plate: 'Y', dial: '01274', region: 'Yorkshire' },
  { town: 'Sheffield', county: 'South Yorkshire', area: 'S', districts: 45, lat: 53.38, lng: -1.47, plate: 'Y', dial: '0114', region: 'Yorkshire' },
  { town: 'York', county: 'North Yorkshire', area: 'YO', districts: 32, lat: 53.96, lng: -1.08, plate: 'Y', dial: '01904', region: 'Yorkshire' },
  { town: 'Hull', county: 'East Riding of Yorkshire', area: 'HU', districts: 17, lat: 53.74, lng: -0.33, plate: 'Y', dial: '01482', region: 'Yorkshire' },
  { town: 'Newcastle upon Tyne', county: 'Tyne and Wear', area: 'NE', districts: 66, lat: 54.97, lng: -1.61, plate: 'N', dial: '0191', region: 'North East' },
  { town: 'Sunderland', county: 'Tyne and Wear', area: 'SR', districts: 8, lat: 54.9, lng: -1.38, plate: 'N', dial: '0191', region: 'North East' },
  { town: 'Middlesbrough', county: 'North Yorkshire', area: 'TS', districts: 29, lat: 54.57, lng: -1.23, plate: 'N', dial: '01642', region: 'North East' },
  { town: 'Bristol', county: 'Bristol', area: 'BS', districts: 49, lat: 51.45, lng: -2.59, plate: 'W', dial: '0117', region: 'South West' },
  { town: 'Exeter', county: 'Devon', area: 'EX', districts: 39, lat: 50.72, lng: -3.53, plate: 'W', dial: '01392', region: 'South West' },
  { town: 'Plymouth', county: 'Devon', area: 'PL', districts: 35, lat: 50.38, lng: -4.14, plate: 'W', dial: '01752', region: 'South West' },
  { town: 'Swindon', county: 'Wiltshire', area: 'SN', districts: 16, lat: 51.56, lng: -1.78, plate: 'W', dial: '01793', region: 'South West' },
  { town: 'Southampton', county: 'Hampshire', area: 'SO', districts: 53, lat: 50.91, lng: -1.4, plate: 'H', dial: '023', region: 'South East' },
  { town: 'Portsmouth', county: 'Hampshire', area: 'PO', districts: 41, lat: 50.82, lng: -1.09, plate: 'H', dial: '023', region: 'South East' },
  { town: 'Reading', county: 'Berkshire', area: 'RG', districts: 45, lat: 51.45, lng: -0.97, plate: 'R', dial: '0118', region: 'South East' },
  { town: 'Oxford', county: 'Oxfordshire', area: 'OX', districts: 29, lat: 51.75, lng: -1.26, plate: 'R', dial: '01865', region: 'South East' },
  { town: 'Milton Keynes', county: 'Buckinghamshire', area: 'MK', districts: 46, lat: 52.04, lng: -0.76, plate: 'K', dial: '01908', region: 'South East' },
  { town: 'Brighton', county: 'East Sussex', area: 'BN', districts: 45, lat: 50.82, lng: -0.14, plate: 'G', dial: '01273', region: 'South East' },
  { town: 'Maidstone', county: 'Kent', area: 'ME', districts: 20, lat: 51.27, lng: 0.52, plate: 'G', dial: '01622', region: 'South East' },
  { town: 'Guildford', county: 'Surrey', area: 'GU', districts: 52, lat: 51.24, lng: -0.57, plate: 'G', dial: '01483', region: 'South East' },
  { town: 'Cambridge', county: 'Cambridgeshire', area: 'CB', districts: 25, lat: 52.2, lng: 0.12, plate: 'A', dial: '01223', region: 'East of England' },
  { town: 'Norwich', county: 'Norfolk', area: 'NR', districts: 35, lat: 52.63, lng: 1.3, plate: 'A', dial: '01603', region: 'East of England' },
  { town: 'Ipswich', county: 'Suffolk', area: 'IP', districts: 33, lat: 52.06, lng: 1.16, plate: 'A', dial: '01473', region: 'East of England' },
  { town: 'Chelmsford', county: 'Essex', area: 'CM', districts: 24, lat: 51.74, lng: 0.47, plate: 'E', dial: '01245', region: 'East of England' },
  { town: 'Peterborough', county: 'Cambridgeshire', area: 'PE', districts: 38, lat: 52.57, lng: -0.24, plate: 'A', dial: '01733', region: 'East of England' },
  { town: 'Cardiff', county: 'South Glamorgan', area: 'CF', districts: 48, lat: 51.48, lng: -3.18, plate: 'C', dial: '029', region: 'Wales' },
  { town: 'Swansea', county: 'West Glamorgan', area: 'SA', districts: 73, lat: 51.62, lng: -3.94, plate: 'C', dial: '01792', region: 'Wales' },
  { town: 'Newport', county: 'Gwent', area: 'NP', districts: 26, lat: 51.58, lng: -2.99, plate: 'C', dial: '01633', region: 'Wales' },
  { town: 'Wrexham', county: 'Clwyd', area: 'LL', districts: 78, lat: 53.05, lng: -2.99, plate: 'C', dial: '01978', region: 'Wales' },
  { town: 'Glasgow', county: 'Lanarkshire', area: 'G', districts: 84, lat: 55.86, lng: -4.25, plate: 'S', dial: '0141', region: 'Scotland' },
  { town: 'Edinburgh', county: 'Midlothian', area: 'EH', districts: 55, lat: 55.95, lng: -3.19, plate: 'S', dial: '0131', region: 'Scotland' },
  { town: 'Aberdeen', county: 'Aberdeenshire', area: 'AB', districts: 56, lat: 57.15, lng: -2.09, plate: 'S', dial: '01224', region: 'Scotland' },
  { town: 'Dundee', county: 'Angus', area: 'DD', districts: 11, lat: 56.46, lng: -2.97, plate: 'S', dial: '01382', region: 'Scotland' },
  { town: 'Inverness', county: 'Inverness-shire', area: 'IV', districts: 63, lat: 57.48, lng: -4.22, plate: 'S', dial: '01463', region: 'Scotland' },
  { town: 'Belfast', county: 'County Antrim', area: 'BT', districts: 94, lat: 54.6, lng: -5.93, plate: 'BT', dial: '028', region: 'Northern Ireland' },
  { town: 'Lincoln', county: 'Lincolnshire', area: 'LN', districts: 13, lat: 53.23, lng: -0.54, plate: 'F', dial: '01522', region: 'Midlands' },
  { town: 'Stoke-on-Trent', county: 'Staffordshire', area: 'ST', districts: 21, lat: 53.0, lng: -2.18, plate: 'F', dial: '01782', region: 'Midlands' },
  { town: 'Northampton', county: 'Northamptonshire', area: 'NN', districts: 18, lat: 52.24, lng: -0.9, plate: 'A', dial: '01604', region: 'Midlands' },
  { town: 'Carlisle', county: 'Cumbria', area: 'CA', districts: 28, lat: 54.89, lng: -2.94, plate: 'P', dial: '01228', region: 'North West' },
];

export const IE_TOWNS: Town[] = [
  { town: 'Dublin', county: 'Co. Dublin', area: 'D01,D02,D03,D04,D05,D06,D07,D08,D09,D11,D12,D13,D15,D18,D24,D6W', districts: 0, lat: 53.35, lng: -6.26, plate: 'D', dial: '01', region: 'Dublin' },
  { town: 'Swords', county: 'Co. Dublin', area: 'K67', districts: 0, lat: 53.46, lng: -6.22, plate: 'D', dial: '01', region: 'Dublin' },
  { town: 'Blackrock', county: 'Co. Dublin', area: 'A94', districts: 0, lat: 53.3, lng: -6.18, plate: 'D', dial: '01', region: 'Dublin' },
  { town: 'Cork', county: 'Co. Cork', area: 'T12,T23', districts: 0, lat: 51.9, lng: -8.47, plate: 'C', dial: '021', region: 'Munster' },
  { town: 'Ballincollig', county: 'Co. Cork', area: 'P31', districts: 0, lat: 51.89, lng: -8.59, plate: 'C', dial: '021', region: 'Munster' },
  { town: 'Limerick', county: 'Co. Limerick', area: 'V94', districts: 0, lat: 52.66, lng: -8.63, plate: 'L', dial: '061', region: 'Munster' },
  { town: 'Waterford', county: 'Co. Waterford', area: 'X91', districts: 0, lat: 52.26, lng: -7.11, plate: 'W', dial: '051', region: 'Munster' },
  { town: 'Galway', county: 'Co. Galway', area: 'H91', districts: 0, lat: 53.27, lng: -9.05, plate: 'G', dial: '091', region: 'Connacht' },
  { town: 'Kilkenny', county: 'Co. Kilkenny', area: 'R95', districts: 0, lat: 52.65, lng: -7.25, plate: 'KK', dial: '056', region: 'Leinster' },
  { town: 'Letterkenny', county: 'Co. Donegal', area: 'F92', districts: 0, lat: 54.95, lng: -7.73, plate: 'DL', dial: '074', region: 'Ulster' },
  { town: 'Athlone', county: 'Co. Westmeath', area: 'N37', districts: 0, lat: 53.42, lng: -7.94, plate: 'WH', dial: '090', region: 'Leinster' },
  { town: 'Navan', county: 'Co. Meath', area: 'C15', districts: 0, lat: 53.65, lng: -6.68, plate: 'MH', dial: '046', region: 'Leinster' },
  { town: 'Wexford', county: 'Co. Wexford', area: 'Y35', districts: 0, lat: 52.34, lng: -6.46, plate: 'WX', dial: '053', region: 'Leinster' },
  { town: 'Celbridge', county: 'Co. Kildare', area: 'W23', districts: 0, lat: 53.34, lng: -6.54, plate: 'KE', dial: '01', region: 'Leinster' },
  { town: 'Tralee', county: 'Co. Kerry', area: 'V92', districts: 0, lat: 52.27, lng: -9.7, plate: 'KY', dial: '066', region: 'Munster' },
  { town: 'Sligo', county: 'Co. Sligo', area: 'F91', districts: 0, lat: 54.27, lng: -8.47, plate: 'SO', dial: '071', region: 'Connacht' },
  { town: 'Drogheda', county: 'Co. Louth', area: 'A92', districts: 0, lat: 53.72, lng: -6.35, plate: 'LH', dial: '041', region: 'Leinster' },
];

/** DVLA memory tag second letters per region letter (a believable subset). */
export const UK_PLATE_SECOND: Record<string, string> = {
  L: 'ABCDEFGHJKLMNOPRSTUVWXY', F: 'ABCDEFGHJKLMNPRSTVWXY', M: 'ABCDEFGHJKLMNOPRSTUVWX', P: 'ABCDEFGHJKLMNPRSTUVWXY',
  Y: 'ABCDEFGHJKLMNOPRSTUVWXY', N: 'ABCDEGHJKLMNOPRSTUVWXY', W: 'ABDEFGHJKLMNOPRSTUVWXY', H: 'ABCDEFGHJKLMNOPRSTUVWXY',
  R: 'ABCDEFGHJKLMNOPRSTVWXY', K: 'ABCDEFGHJKLMNOPRSTUVWXY', G: 'ABCDEFGHJKLMNOPRSTUVWXY', A: 'ABCDEFGHJKLMNOPRSTUVWXY',
  E: 'ABCDEFGHJKLMNOPRSTUVWXY', C: 'ABCDEFGHJKLMNOPRSTUV', S: 'ABCDEFGHJKLMNOPRSTVWXY', BT: 'ABCDEFGHJKLMNOPRSTUVWXY',
};

export interface MakeRef {
  make: string;
  fnpProvider: 'OEC' | 'MODULUS' | 'OTHER' | 'NOT_AVAILABLE';
  cars: string[];
  vans: string[];
  electric: string[];
  /** Relative share of UK/IE fleets. */
  weight: number;
}

export const MAKES: MakeRef[] = [
  { make: 'Ford', fnpProvider: 'OEC', cars: ['Fiesta', 'Focus', 'Puma', 'Kuga', 'Mondeo'], vans: ['Transit Custom', 'Transit', 'Transit Connect', 'Ranger'], electric: ['Mustang Mach-E', 'E-Transit'], weight: 14 },
  { make: 'Vauxhall', fnpProvider: 'OEC', cars: ['Corsa', 'Astra', 'Mokka', 'Grandland', 'Insignia'], vans: ['Vivaro', 'Combo', 'Movano'], electric: ['Corsa Electric', 'Vivaro Electric'], weight: 10 },
  { make: 'Volkswagen', fnpProvider: 'OTHER', cars: ['Polo', 'Golf', 'T-Roc', 'Tiguan', 'Passat'], vans: ['Transporter', 'Caddy', 'Crafter', 'Amarok'], electric: ['ID.3', 'ID.4', 'ID. Buzz Cargo'], weight: 11 },
  { make: 'BMW', fnpProvider: 'OTHER', cars: ['1 Series', '3 Series', '5 Series', 'X1', 'X3'], vans: [], electric: ['i4', 'iX1', 'iX3'], weight: 7 },
  { make: 'Mercedes-Benz', fnpProvider: 'OTHER', cars: ['A-Class', 'C-Class', 'E-Class', 'GLA', 'GLC'], vans: ['Sprinter', 'Vito', 'Citan'], electric: ['EQA', 'EQC', 'eVito', 'eSprinter'], weight: 7 },
  { make: 'Audi', fnpProvider: 'OTHER', cars: ['A1', 'A3', 'A4', 'Q3', 'Q5'], vans: [], electric: ['Q4 e-tron', 'e-tron GT'], weight: 6 },
  { make: 'Toyota', fnpProvider: 'OTHER', cars: ['Yaris', 'Corolla', 'C-HR', 'RAV4'], vans: ['Proace', 'Hilux'], electric: ['bZ4X', 'Proace Electric'], weight: 6 },
  { make: 'Nissan', fnpProvider: 'OTHER', cars: ['Micra', 'Juke', 'Qashqai', 'X-Trail'], vans: ['Primastar', 'Townstar', 'Navara'], electric: ['Leaf', 'Ariya', 'Townstar EV'], weight: 5 },
  { make: 'Kia', fnpProvider: 'OTHER', cars: ['Picanto', 'Ceed', 'Sportage', 'Niro'], vans: [], electric: ['EV6', 'Niro EV', 'EV9'], weight: 5 },
  { make: 'Hyundai', fnpProvider: 'OTHER', cars: ['i10', 'i20', 'i30', 'Tucson', 'Kona'], vans: [], electric: ['Ioniq 5', 'Kona Electric'], weight: 4 },
  { make: 'Peugeot', fnpProvider: 'MODULUS', cars: ['208', '308', '2008', '3008', '5008'], vans: ['Partner', 'Expert', 'Boxer'], electric: ['e-208', 'e-2008', 'e-Expert'], weight: 5 },
  { make: 'Citroen', fnpProvider: 'MODULUS', cars: ['C3', 'C4', 'C5 Aircross'], vans: ['Berlingo', 'Dispatch', 'Relay'], electric: ['e-C4', 'e-Berlingo', 'e-Dispatch'], weight: 4 },
  { make: 'Renault', fnpProvider: 'OTHER', cars: ['Clio', 'Captur', 'Megane', 'Arkana'], vans: ['Kangoo', 'Trafic', 'Master'], electric: ['Zoe', 'Megane E-Tech', 'Kangoo E-Tech'], weight: 4 },
  { make: 'Skoda', fnpProvider: 'OTHER', cars: ['Fabia', 'Octavia', 'Superb', 'Karoq', 'Kodiaq'], vans: [], electric: ['Enyaq'], weight: 5 },
  { make: 'SEAT', fnpProvider: 'OTHER', cars: ['Ibiza', 'Leon', 'Arona', 'Ateca'], vans: [], electric: [], weight: 2 },
  { make: 'Volvo', fnpProvider: 'OTHER', cars: ['XC40', 'XC60', 'XC90', 'V60', 'S60'], vans: [], electric: ['EX30', 'EX40'], weight: 3 },
  { make: 'Tesla', fnpProvider: 'NOT_AVAILABLE', cars: [], vans: [], electric: ['Model 3', 'Model Y', 'Model S'], weight: 3 },
  { make: 'Polestar', fnpProvider: 'NOT_AVAILABLE', cars: [], vans: [], electric: ['Polestar 2', 'Polestar 4'], weight: 1 },
  { make: 'MG', fnpProvider: 'OTHER', cars: ['HS', 'ZS'], vans: [], electric: ['MG4', 'MG5', 'ZS EV'], weight: 2 },
  { make: 'Fiat', fnpProvider: 'OTHER', cars: ['500', 'Panda', 'Tipo'], vans: ['Doblo', 'Ducato', 'Scudo'], electric: ['500e', 'E-Ducato'], weight: 2 },
  { make: 'Mazda', fnpProvider: 'OTHER', cars: ['Mazda2', 'Mazda3', 'CX-30', 'CX-5'], vans: [], electric: ['MX-30'], weight: 1 },
  { make: 'Honda', fnpProvider: 'OTHER', cars: ['Jazz', 'Civic', 'HR-V', 'CR-V'], vans: [], electric: ['e:Ny1'], weight: 1 },
  { make: 'Land Rover', fnpProvider: 'OTHER', cars: ['Discovery Sport', 'Range Rover Evoque', 'Defender', 'Range Rover Velar'], vans: ['Defender Hard Top'], electric: [], weight: 2 },
  { make: 'Jaguar', fnpProvider: 'OTHER', cars: ['XE', 'XF', 'F-Pace', 'E-Pace'], vans: [], electric: ['I-Pace'], weight: 1 },
  { make: 'Isuzu', fnpProvider: 'OTHER', cars: [], vans: ['D-Max'], electric: [], weight: 1 },
  { make: 'Iveco', fnpProvider: 'OTHER', cars: [], vans: ['Daily'], electric: ['eDaily'], weight: 1 },
  { make: 'Cupra', fnpProvider: 'OTHER', cars: ['Formentor', 'Leon'], vans: [], electric: ['Born', 'Tavascan'], weight: 1 },
];

export const FRANCHISE_MAKES = MAKES.filter((m) => m.fnpProvider !== 'NOT_AVAILABLE' || m.make === 'Tesla').map((m) => m.make);

/** Words for company names. */
export const LEASE_WORDS = ['Fleet', 'Vehicle', 'Contract', 'Leasing', 'Car', 'Van', 'Motor', 'Business', 'Corporate', 'Auto'];
export const LEASE_SUFFIX = ['Leasing Ltd', 'Fleet Services Ltd', 'Vehicle Management Ltd', 'Contract Hire Ltd', 'Fleet Solutions', 'Leasing plc', 'Car Leasing', 'Fleet Management'];
export const IE_LEASE_SUFFIX = ['Leasing DAC', 'Fleet Services Ltd', 'Contract Hire Ireland', 'Fleet Management DAC', 'Leasing Ireland Ltd'];
export const GROUP_SUFFIX = ['Motor Group', 'Autocentres', 'Garage Group', 'Tyre & Auto', 'Motors', 'Car Care', 'Vehicle Services', 'Commercials', 'Auto Repairs'];
export const SUPPLIER_KINDS = ['Motors', 'Garage', 'Autocentre', 'Tyres', 'Service Centre', 'Auto Electrics', 'Bodyshop', 'Car Care', 'MOT Centre', 'Commercials'];

export const ACCOUNTING_CATEGORIES = [
  { id: '1001', name: 'Lease - Direct Paybill' },
  { id: '1002', name: 'Lease - Hybrid' },
  { id: '1003', name: 'Lease - Network Offering' },
  { id: '1004', name: 'Lease - Ireland' },
  { id: '1005', name: 'Rental' },
  { id: '1006', name: 'Corporate Fleet' },
];

export const JOB_CODES: { jobCode: string; description: string }[] = [
  ['SMR001', 'Interim service'], ['SMR002', 'Full service'], ['SMR003', 'Major service'], ['SMR010', 'Oil and filter change'],
  ['BRK001', 'Front brake pads'], ['BRK002', 'Rear brake pads'], ['BRK003', 'Front discs and pads'], ['BRK004', 'Brake fluid change'],
  ['TYR001', 'Tyre replacement'], ['TYR002', 'Puncture repair'], ['TYR003', 'Four wheel alignment'], ['MOT001', 'MOT test class 4'],
  ['MOT002', 'MOT test class 7'], ['BAT001', 'Battery replacement'], ['CLT001', 'Clutch replacement'], ['EXH001', 'Exhaust replacement'],
  ['WIP001', 'Wiper blades'], ['AC001', 'Air conditioning regas'], ['TMB001', 'Timing belt kit'], ['SUS001', 'Front shock absorbers'],
  ['GLS001', 'Windscreen replacement'], ['GLS002', 'Chip repair'], ['DPF001', 'DPF clean'], ['ADB001', 'AdBlue top up'],
].map(([jobCode, description]) => ({ jobCode, description }));
