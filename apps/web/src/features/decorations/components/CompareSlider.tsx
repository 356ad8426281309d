import Box from '@mui/material/Box';
import { useId, useState } from 'react';

/** Before and after on top of each other; the range input (labelled) moves the line between them. */
export function CompareSlider({
  before,
  after,
  beforeAlt,
  afterAlt,
  label,
}: {
  before: string;
  after: string;
  beforeAlt: string;
  afterAlt: string;
  label: string;
}) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <Box>
      <Box sx={{ position: 'relative', width: '100%', lineHeight: 0 }}>
        <img src={before} alt={beforeAlt} style={{ width: '100%', display: 'block' }} />
        <img
          src={after}
          alt={afterAlt}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            clipPath: `inset(0 0 0 ${position}%)`,
          }}
        />
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${position}%`,
            width: 2,
            bgcolor: 'common.white',
          }}
        />
      </Box>
      <label
        htmlFor={id}
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        style={{ width: '100%' }}
      />
    </Box>
  );
}
